// The requests feature's pages; the app router loads this module lazily.
export { CancelRequestsPage } from './pages/cancel-requests-page';
export { SwapRequestsPage } from './pages/swap-requests-page';
