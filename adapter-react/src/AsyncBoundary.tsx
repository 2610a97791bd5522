import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { StatusError } from '@resto/core';
import { retryError } from './retry';

/** What an `AsyncBoundary`'s `errorComponent` receives. */
export interface ErrorFallbackProps {
  readonly error: StatusError;
  /** Refetches the read that failed, then renders the children again. */
  readonly resetErrorBoundary: () => void;
}

/** Props of {@link AsyncBoundary}. */
export interface AsyncBoundaryProps {
  readonly children?: ReactNode;
  /** Shown while a read below suspends, and while a retry refetches. */
  readonly fallback?: ReactNode;
  /** Shown instead of the children after a read below failed. */
  readonly errorComponent?: ComponentType<ErrorFallbackProps>;
  /** Called with every error caught (logging). */
  readonly onError?: (error: Error, info: ErrorInfo) => void;
}

/**
 * Suspense and an error boundary in one: `fallback` while data loads,
 * `errorComponent` when a read fails. Its retry refetches the failed read first
 * (showing `fallback`), so the children come back with fresh data or a fresh error.
 *
 * @example
 * <AsyncBoundary
 *   fallback={<Spinner />}
 *   errorComponent={({ error, resetErrorBoundary }) => (
 *     <p>{error.status === 404 ? 'Not found' : error.message} <button onClick={resetErrorBoundary}>Retry</button></p>
 *   )}
 * >
 *   <TodoDetail id={5} />
 * </AsyncBoundary>
 */
export function AsyncBoundary({ children, fallback = null, errorComponent = DefaultError, onError }: AsyncBoundaryProps) {
  return (
    <ErrorBoundary fallback={fallback} errorComponent={errorComponent} onError={onError}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}

interface BoundaryProps {
  readonly children?: ReactNode;
  readonly fallback: ReactNode;
  readonly errorComponent: ComponentType<ErrorFallbackProps>;
  readonly onError: ((error: Error, info: ErrorInfo) => void) | undefined;
}

interface BoundaryState {
  readonly error: StatusError | undefined;
  readonly retrying: boolean;
}

/** Error boundaries still need a class component in React 19. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, retrying: false };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error, retrying: false };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  private reset = () => {
    const { error } = this.state;
    if (!error || this.state.retrying) return;
    this.setState({ retrying: true });
    void retryError(error).then(() => this.setState({ error: undefined, retrying: false }));
  };

  override render() {
    const { error, retrying } = this.state;
    if (retrying) return this.props.fallback;
    if (error) {
      const ErrorComponent = this.props.errorComponent;
      return <ErrorComponent error={error} resetErrorBoundary={this.reset} />;
    }
    return this.props.children;
  }
}

function DefaultError({ error, resetErrorBoundary }: ErrorFallbackProps) {
  return (
    <div role="alert">
      <p>{error.message}</p>
      <button type="button" onClick={resetErrorBoundary}>
        Retry
      </button>
    </div>
  );
}
