import { render } from 'preact';

import { ApiClient } from '../shared/api.ts';
import { TabCustomerTokens } from '../shared/customer/tab-tokens.ts';
import { CustomerApp } from './app.tsx';

const root = document.getElementById('app');
if (root) render(<CustomerApp api={new ApiClient({ tokens: new TabCustomerTokens() })} />, root);
