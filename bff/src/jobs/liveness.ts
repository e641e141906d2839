// The liveness session of one instance: a connection of its own, kept open while the instance
// runs, on which it registers in job_instances and holds its liveness lock (migration 0011). The
// lock ends with the session, so other instances learn of a death (killed process, lost host, cut
// connection, restarted server) at their next poller tick instead of after the heartbeat window.
// When the connection is lost and comes back, the instance registers again with a new lock; in
// between it looks dead, and other instances may rescue its running jobs: its attempts then lose
// at their conditional finish (finishJobs.sql), and nothing they did is committed.
import type { Logger } from '../log';
import type { Clock } from '../core/clock';
import { KeptConnection } from '../db/keptConnection';
import * as jobSql from './sql';

export interface LivenessOptions {
  connectionString: string;
  instanceId: string;
  clock: Clock;
  log: Logger;
}

export class InstanceLiveness {
  private readonly connection: KeptConnection;
  /** The key of the lock held now; undefined while the session is lost. */
  private held: number | undefined;

  constructor(private readonly o: LivenessOptions) {
    this.connection = new KeptConnection({
      connectionString: o.connectionString,
      applicationName: 'carbon-bff-liveness',
      log: o.log,
      name: 'job runner liveness session',
      setup: async (client) => {
        const row = (await jobSql.registerInstance(client, { instanceId: o.instanceId, now: new Date(o.clock.now()) })).rows[0]!;
        if (!row.locked) throw new Error(`liveness lock ${row.liveness_key} is held by another session`);
        this.held = row.liveness_key;
      },
    });
    this.connection.onLost(() => {
      this.held = undefined;
      o.log.warn('liveness session lost: other instances may rescue the jobs running here until it is back');
    });
    this.connection.onConnected((again) => {
      if (again) o.log.info({ liveness_key: this.held }, 'liveness session back; registered again');
    });
  }

  /** The key of the liveness lock this instance holds now (undefined while its session is lost). */
  get key(): number | undefined {
    return this.held;
  }

  /** Registers and takes the lock; a failure rejects (the instance cannot run jobs safely). */
  start(): Promise<void> {
    return this.connection.start();
  }

  /** Ends the session, which releases the lock. */
  async stop(): Promise<void> {
    this.held = undefined;
    await this.connection.stop();
  }
}
