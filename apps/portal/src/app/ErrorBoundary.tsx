import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Shows a failed page (e.g. a chunk that would not load) inside the layout instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="card" role="alert">
        <h1 className="step-title">Stránku se nepodařilo načíst</h1>
        <p>{this.state.error.message}</p>
        <p>Zkuste prosím stránku načíst znovu, nebo nám zavolejte.</p>
      </section>
    );
  }
}
