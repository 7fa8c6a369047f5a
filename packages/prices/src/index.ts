export { MAX_AMOUNT_PAISE, MAX_BPS, type Price, priceOf, priceOfRupees, type Rates } from './price';
