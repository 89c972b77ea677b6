export { chatPortOf, isDebug, loadConfig, type Config } from './load';
