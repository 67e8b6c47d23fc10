import { render } from 'preact';
import { MerchantApi } from '../shared/merchant-api.ts';
import { MerchantApp } from './app.tsx';

const root = document.getElementById('app');
if (root) render(<MerchantApp api={new MerchantApi()} />, root);
