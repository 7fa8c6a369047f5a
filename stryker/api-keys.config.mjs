import { libraryTarget } from './target.mjs';

export default libraryTarget('api-keys');
