import { render } from 'preact';

import { AdminApi } from './api.ts';
import { ConsoleApp } from './app.tsx';

const root = document.getElementById('app');
if (root) render(<ConsoleApp api={new AdminApi()} />, root);
