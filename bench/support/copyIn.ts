// COPY … FROM STDIN with node-postgres alone, for the bare-COPY baseline of the bulk benchmark:
// a query object that answers the server's CopyInResponse by streaming a file.
import fs from 'node:fs';
import pg from 'pg';

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(msg: string): void;
}

class CopyFromFile {
  rows = 0;
  private error: Error | undefined;
  readonly done: Promise<number>;
  private resolve!: (n: number) => void;
  private reject!: (e: Error) => void;

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {
    this.done = new Promise((res, rej) => ((this.resolve = res), (this.reject = rej)));
  }

  submit(connection: CopyConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: CopyConnection): void {
    const stream = fs.createReadStream(this.file, { highWaterMark: 1 << 16 });
    stream.on('data', (chunk) => connection.sendCopyFromChunk(chunk as Buffer));
    stream.on('end', () => connection.endCopyFrom());
    stream.on('error', (err) => connection.sendCopyFail(err.message));
  }

  handleCommandComplete(msg: { text?: string }): void {
    this.rows = Number(/COPY (\d+)/.exec(msg.text ?? '')?.[1] ?? 0);
  }

  handleError(err: Error): void {
    this.error = err;
  }

  handleReadyForQuery(): void {
    if (this.error) this.reject(this.error);
    else this.resolve(this.rows);
  }
}

/** Runs `copySql` (a COPY … FROM STDIN) with the content of `file`; resolves with the row count. */
export async function copyFromFile(url: string, copySql: string, file: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = new CopyFromFile(copySql, file);
    void client.query(q as unknown as pg.QueryConfig);
    return await q.done;
  } finally {
    await client.end();
  }
}
