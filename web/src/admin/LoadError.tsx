import { Component, type ErrorInfo, type ReactNode } from 'react';
import { TR } from './messages.js';

/**
 * Admin spec §8 "Error loading application": a code chunk that fails to load (a tab left open across a
 * deploy asks for files that are gone) or a screen that throws shows this, with a reload, instead of a blank
 * page. Resets when the address changes, so the menu still leads elsewhere.
 */
export class LoadErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The admin application failed to load or render:', error, info.componentStack);
  }

  componentDidUpdate(previous: { resetKey?: string }): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="load-error" role="alert" aria-labelledby="load-error-title">
        <h1 id="load-error-title">{TR.errors.loadTitle}</h1>
        <p>{TR.errors.loadText}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {TR.errors.reload}
        </button>
      </section>
    );
  }
}

/** A lazily loaded screen's module, with its named export as the default React.lazy wants. */
export const screen =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  () =>
    load().then((module) => ({ default: module[name] }));
