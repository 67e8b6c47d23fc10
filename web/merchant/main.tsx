import { render } from 'preact';

import { MerchantApi } from './api/index.ts';
import { MerchantApp } from './app.tsx';

const root = document.getElementById('app');
if (root) render(<MerchantApp api={new MerchantApi()} />, root);
