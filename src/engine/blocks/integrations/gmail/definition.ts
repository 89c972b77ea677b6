import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'gmail', label: 'Gmail', category: 'integrations', order: 20, icon: 'Inbox' });
