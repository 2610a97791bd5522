import { Component, Suspense, version } from 'react';
import { createClient } from '@resto/core';
import { render, screen } from '@testing-library/react';
import { Component as PreactComponent } from 'preact';
import { expect, it } from 'vitest';
import { DataProvider, useController } from '../src';

// Guards the alias setup: if these tests silently ran on React the suite would prove
// nothing about Preact.
it('runs the adapter on Preact through preact/compat', () => {
  // compat reports the React version it mirrors; its classes are Preact's own
  expect(version).toMatch(/^1[89]\./);
  expect(Component).toBe(PreactComponent);
  expect(typeof Suspense).toBe('function');
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
