// The My Rota feature's pages; the app router loads this module lazily.
export { MyRotaPage } from './pages/my-rota-page';
