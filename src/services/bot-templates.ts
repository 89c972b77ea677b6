// The starter templates a new bot may begin from: the console bundles the same
// list for its gallery; the API serves it to other clients (assistants).
export { TEMPLATES as botTemplates, type BotTemplate } from '../engine/shapes/templates';
