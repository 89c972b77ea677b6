import { stopThrowawayPostgres } from './postgresql-global';

export default stopThrowawayPostgres;
