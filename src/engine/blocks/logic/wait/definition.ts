import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'Wait', label: 'Wait', category: 'logic', order: 6, icon: 'Hourglass' });
