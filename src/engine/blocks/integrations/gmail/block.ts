import { vendorBlock } from '../vendor-forge';
import definition from './definition';

export default vendorBlock(definition.type);
