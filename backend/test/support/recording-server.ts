import type { RealtimeServer } from '../../src/modules/realtime/realtime.service';

export interface Emitted {
  /** The room emitted to (`except` rooms are not recorded: the suites using this watch who is addressed). */
  room: string;
  event: string;
  payload: unknown;
}

/**
 * Records to(room)[.except(room)].emit(...) into `emitted` instead of a Socket.IO server (the real
 * gateway is tested in realtime.int-spec). The boost rotation runs on its own schedule against the
 * shared database and may broadcast boosts:changed at any moment; it is not what these suites watch.
 */
export function recordingServer(emitted: Emitted[]): RealtimeServer {
  const target = (room: string) => {
    const emitter = {
      emit: (event: string, payload: unknown) => (event !== 'boosts:changed' && emitted.push({ room, event, payload }), true),
      except: () => emitter,
    };
    return emitter;
  };
  return { to: target, in: () => ({ disconnectSockets: () => undefined }) } as unknown as RealtimeServer;
}
