import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'date input', label: 'Date input', category: 'inputs', order: 6 });
