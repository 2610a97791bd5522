import { shallowRef } from 'vue';
import { session } from '../shared/session';

/** The shared session as a Vue ref (one subscription for the whole page). */
export const sessionRef = shallowRef(session.getSnapshot());
session.subscribe((s) => (sessionRef.value = s));
