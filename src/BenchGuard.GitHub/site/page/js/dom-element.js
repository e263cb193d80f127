// element('td', { className: 'value', text: '1 ms' }, [children]): the page builds its DOM from data with
// this, never from HTML strings, so commit messages and benchmark names cannot inject markup.
(function (root) {
  'use strict';

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === 'text') {
        node.textContent = value;
      } else if (name === 'className') {
        node.className = value;
      } else {
        node.setAttribute(name, value);
      }
    }
    for (const child of children || []) {
      if (child !== null && child !== undefined) {
        node.append(child);
      }
    }
    return node;
  }

  (root.FilePipesTrend = root.FilePipesTrend || {}).element = element;
})(self);
