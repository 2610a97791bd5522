import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { createClient } from '@resto/core';
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { DataProvider, useController } from '../src';

// Guards the alias setup: if these tests silently ran on React 19 the suite
// above would prove nothing about React 18.
it('runs the adapter on React 18', () => {
  expect(version).toMatch(/^18\./);
  expect(domVersion).toBe(version);
  function Probe() {
    return <p>{typeof useController().fetch}</p>;
  }
  render(
    <DataProvider client={createClient({ managers: [] })}>
      <Probe />
    </DataProvider>,
  );
  expect(screen.getByText('function')).toBeTruthy();
});
