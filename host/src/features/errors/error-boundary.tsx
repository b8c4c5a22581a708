import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  /** Renders in place of the children once they have thrown. */
  fallback(error: Error): ReactNode;
  /** Told once per error caught, after the fallback is shown. */
  onError?(error: Error): void;
  children: ReactNode;
}

/**
 * Keeps a part of the page that throws while loading or rendering (a lazy chunk that could
 * not be fetched, a remote's bug) from taking the rest of the page down with it.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A part of the page failed to load or render', error, info.componentStack);
    this.props.onError?.(error);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
