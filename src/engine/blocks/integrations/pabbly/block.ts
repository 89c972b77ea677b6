import { httpRequestBlock } from '../http-request/block';
import definition from './definition';

export default httpRequestBlock(definition.type, { answersSlowly: true });
