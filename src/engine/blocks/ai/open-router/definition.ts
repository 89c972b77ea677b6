import { defineBlockType } from '../../define';

export default defineBlockType({ type: 'open-router', label: 'OpenRouter', category: 'ai', order: 6, icon: 'Route' });
