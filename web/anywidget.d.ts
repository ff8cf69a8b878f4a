// Types for web/anywidget.js (attention-widget/anywidget): the elements as an anywidget module.
// The model and render types follow anywidget's front-end contract (the AnyModel and
// RenderProps of @anywidget/types), written out here so the package needs none of its own.

/** What render() reads of anywidget's model: its traits, and their change events. */
export interface AnyModel {
  get(name: string): any;
  set(name: string, value: unknown): void;
  save_changes(): void;
  on(name: string, callback: (...args: any[]) => void): void;
  off(name?: string | null, callback?: ((...args: any[]) => void) | null): void;
}

/** What anywidget hands render(): the model and the element to mount in. */
export interface RenderProps {
  model: AnyModel;
  el: HTMLElement;
}

/** The traits render() reads (all optional): see the module's first comment and docs/embedding.md. */
export interface AttentionWidgetTraits {
  /** Which element: the widget (default), the scale lab or the heads lab. */
  kind?: 'widget' | 'scale' | 'heads';
  /** The widget's example: a state object or a share-link payload "1.…" (its `config`). */
  config?: import('./attention-widget.js').WidgetConfig;
  /** Written back after every change, when the model has it. */
  state?: import('./attention-widget.js').WidgetState;
  /** Any of the element's attributes: true or '' sets a boolean one, false or null removes it. */
  [attribute: string]: unknown;
}

declare const widget: {
  /** Mounts the element in `el`; resolves to the clean-up anywidget calls when the view goes. */
  render(props: RenderProps): Promise<() => void>;
};
export default widget;
