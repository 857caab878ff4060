// The data-rights screens' parts that other pages compose (src/app): the Account page's "Your data" card.
export { YourDataCard } from './components/your-data-card';
