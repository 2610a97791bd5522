// The README's "Logged out after a 401": LogoutManager's handleLogout flips an
// EnvironmentSignal, and a composable turns it into a ref: the component shows the
// logged-out state once a read meets a 401 from a real server.
import { defineComponent, h, onScopeDispose, shallowRef } from 'vue';
import { mount } from '@vue/test-utils';
import { expect, it } from 'vitest';
import { RestEndpoint } from '@resto/core';
import { createResto, useDLE } from '../src';
import { expiredSession, until } from '@resto/testing';

const session = expiredSession();

it('a 401 on any read shows the logged-out state', async () => {
  const { signedIn, client } = session.signIn();
  const { server } = session;
  const Me = new RestEndpoint({ urlPrefix: server.url, path: '/me', process: (me: { name: string }) => me });

  function useSignedIn() {
    const ok = shallowRef(signedIn.value);
    onScopeDispose(signedIn.subscribe((value) => (ok.value = value)));
    return ok;
  }
  const SessionGate = defineComponent((_props, { slots }) => {
    const ok = useSignedIn();
    return () => (ok.value ? slots.default?.() : h('p', { role: 'alert' }, 'Your session expired. Please log in again.'));
  });
  const Greeting = defineComponent(() => {
    const { data } = useDLE(Me);
    return () => h('p', `Hi ${data.value?.name ?? '…'}`);
  });

  const wrapper = mount(() => h(SessionGate, null, { default: () => h(Greeting) }), { global: { plugins: [createResto({ client })] } });
  expect(wrapper.text()).toBe('Hi …');
  await until(() => wrapper.find('[role=alert]').exists());
  expect(wrapper.text()).toBe('Your session expired. Please log in again.');
  expect(server.hits.map((h) => h.url)).toEqual(['/me']);
  wrapper.unmount();
  expect(signedIn.listenerCount).toBe(0); // the composable let go with its scope
  client.destroy();
});
