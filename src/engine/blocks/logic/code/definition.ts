import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'Code', label: 'Script', category: 'logic', order: 4, icon: 'Code' });
