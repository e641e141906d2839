// In-process notice that a session ended, so long-lived responses (event streams) bound to it
// can close. Logout on another instance ends the session in the database; streams there notice
// on their next authorization check.
import { EventEmitter } from 'node:events';

export class SessionEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  ended(sid: string): void {
    this.emitter.emit(sid);
  }
  onEnded(sid: string, listener: () => void): () => void {
    this.emitter.once(sid, listener);
    return () => this.emitter.off(sid, listener);
  }
}
