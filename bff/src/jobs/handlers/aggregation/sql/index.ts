// The aggregation's SQL, one statement per file, each wrapped in a typed function.
import { sqlFolder } from '../../../../db/statement';

const define = sqlFolder(import.meta.url, 'aggregation');

export const reopenChangedModule = define<{ moduleId: number }, { id: number }>('reopenChangedModule', { moduleId: 1 });
