import { stopSharedBrowser } from './browser-global';

export default stopSharedBrowser;
