// Where the gateway's card page sends the customer back (`callback_url`). The checkout that
// opened this window is already polling for the result, so this page only closes itself.
setTimeout(() => window.close(), 400);
