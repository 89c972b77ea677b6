import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'choice input', label: 'Buttons', category: 'inputs', order: 11 });
