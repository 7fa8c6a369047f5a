import { libraryTarget } from './target.mjs';

export default libraryTarget('paging');
