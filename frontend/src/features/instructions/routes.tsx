// The instructions feature's pages; the app router loads this module lazily.
export { InstructionsPage } from './pages/instructions-page';
