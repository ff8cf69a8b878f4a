'use client';
// attention-widget/react: React components for the elements, made with @lit/react's createComponent,
// for React apps that render on the server (Next.js's app router, Docusaurus MDX). With a plain
// <attention-widget config={…} onattention-change={…}> React 19 sets the property and the listener
// only when it creates the element itself: a page rendered on the server and then hydrated keeps
// the server's element, and the config and the handler are dropped without a word. These components
// set every element property and add every listener in a layout effect, after hydration too.
// Needs react and @lit/react (optional peer dependencies: only this entry uses them). Importing it
// registers every element (it imports the three entries); 'use client' marks it for the app router.
//
//   import { AttentionWidget } from 'attention-widget/react';
//   <AttentionWidget preset="river-bank" config={state} onAttentionChange={(e) => save(e.target.state)} />
import * as React from 'react';
import { createComponent } from '@lit/react';
import { AttentionExample as ExampleElement, AttentionIf as IfElement, AttentionValue as ValueElement,
  AttentionWidget as WidgetElement } from './attention-widget.js';
import { AttentionScaleElement } from './attention-scale.js';
import { AttentionHeadsElement } from './attention-heads.js';
import { eventProps } from './react-events.js';

const component = (tagName, elementClass) => createComponent({ react: React, tagName, elementClass,
  events: eventProps(tagName), displayName: elementClass.name });

// createComponent sets every element property again at each render. `config` replaces the example,
// so a render of the page for any reason (its own state, the handler's setState) would undo the
// learner's edits: it is set only when the prop is another value than the one last set.
function withConfig(Inner) {
  const Outer = React.forwardRef(({ config, ...props }, ref) => {
    const element = React.useRef(null);
    React.useLayoutEffect(() => {
      if (config !== undefined && element.current) element.current.config = config;
    }, [config]);
    const setRef = React.useCallback((node) => {
      element.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }, [ref]);
    return React.createElement(Inner, { ...props, ref: setRef });
  });
  Outer.displayName = Inner.displayName;
  return Outer;
}

export const AttentionWidget = withConfig(component('attention-widget', WidgetElement));
export const AttentionExample = withConfig(component('attention-example', ExampleElement));
export const AttentionValue = component('attention-value', ValueElement);
export const AttentionIf = component('attention-if', IfElement);
export const AttentionScale = component('attention-scale', AttentionScaleElement);
export const AttentionHeads = component('attention-heads', AttentionHeadsElement);
