// Types of the React components of web/react.js (attention-widget/react re-exports them): each
// element's props from web/react.d.ts (attributes, properties), its events as camel-cased handlers
// (attention-change -> onAttentionChange), and a ref to the element.
import type { ForwardRefExoticComponent, RefAttributes } from 'react';
import type * as Widget from './attention-widget.js';
import type * as Scale from './attention-scale.js';
import type * as Heads from './attention-heads.js';
import type { AttentionExampleProps, AttentionHeadsProps, AttentionIfProps, AttentionScaleProps, AttentionValueProps,
  AttentionWidgetProps } from './react.js';

type Handler<E> = (event: E) => void;
// The element's JSX props without React's ref and the on<event-name> props (the components take camel-cased ones).
type Base<P> = Omit<P, 'ref' | `onattention-${string}`>;
type Component<P, Element, Events> = ForwardRefExoticComponent<Base<P> & Partial<Events> & RefAttributes<Element>>;

interface ErrorEvents { onAttentionError: Handler<Widget.AttentionErrorEvent> }
interface ChangeEvents { onAttentionChange: Handler<Widget.AttentionChangeEvent> }

export declare const AttentionWidget: Component<AttentionWidgetProps, Widget.AttentionWidget, ErrorEvents & ChangeEvents & {
  onAttentionGuess: Handler<Widget.AttentionGuessEvent>;
  onAttentionTourStep: Handler<Widget.AttentionTourStepEvent>;
  onAttentionGoal: Handler<Widget.AttentionGoalEvent>;
}>;
export declare const AttentionExample: Component<AttentionExampleProps, Widget.AttentionExample, ErrorEvents & ChangeEvents>;
export declare const AttentionValue: Component<AttentionValueProps, Widget.AttentionValue, ErrorEvents>;
export declare const AttentionIf: Component<AttentionIfProps, Widget.AttentionIf, ErrorEvents>;
export declare const AttentionScale: Component<AttentionScaleProps, Scale.AttentionScaleElement, ErrorEvents & {
  onAttentionScaleResult: Handler<Scale.AttentionScaleResultEvent>;
}>;
export declare const AttentionHeads: Component<AttentionHeadsProps, Heads.AttentionHeadsElement, ErrorEvents & {
  onAttentionHeadsTrained: Handler<Heads.AttentionHeadsTrainedEvent>;
}>;
