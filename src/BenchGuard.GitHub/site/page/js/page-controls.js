// The controls and the URL fragment mirror one state object, so that a view can be linked and restored. The
// OS, parameter and view choices come from the data and the config, never from a list kept here.
(function (root) {
  'use strict';

  const element = root.FilePipesTrend.element;
  const byId = (id) => document.getElementById(id);
  const BOTH = 'both';

  function radio(name, value, label, checked) {
    const id = name + '-' + value;
    return element('span', { className: 'choice' }, [
      Object.assign(element('input', { type: 'radio', name, id, value }), { checked }),
      element('label', { for: id, text: label }),
    ]);
  }

  function fillRadioGroup(container, name, choices) {
    container.replaceChildren(...choices.map((c) => radio(name, c.value, c.label, false)));
  }

  function allParameters(model) {
    const values = new Map();
    for (const suite of model.suites) {
      for (const bench of suite.benches.values()) {
        for (const { name, value } of bench.name.parameters) {
          if (!values.has(name)) {
            values.set(name, []);
          }
          if (!values.get(name).includes(value)) {
            values.get(name).push(value);
          }
        }
      }
    }
    return values;
  }

  function build(model, config) {
    const osChoices = model.oses.map((os) => ({ value: os, label: os }));
    if (model.oses.length > 1) {
      osChoices.push({ value: BOTH, label: 'Side by side' });
    }
    fillRadioGroup(byId('os-choices'), 'os', osChoices);
    fillRadioGroup(
      byId('metric-choices'),
      'metric',
      model.metrics.map((m) => ({ value: m, label: root.FilePipesTrend.trendModel.METRIC_TEXT[m].label })),
    );
    const ratioClasses = Object.keys(config.baselineMethods).sort();
    const viewChoices = [{ value: 'values', label: 'Values' }];
    if (ratioClasses.length > 0) {
      viewChoices.push({ value: 'ratio', label: 'Ratio to baseline method' });
    }
    fillRadioGroup(byId('view-choices'), 'view', viewChoices);

    const selects = [];
    for (const [name, values] of allParameters(model)) {
      if (values.length < 2) {
        continue;
      }
      const id = 'param-' + name;
      const select = element('select', { id, 'data-parameter': name }, [
        element('option', { value: '', text: 'All' }),
        ...values.map((v) => element('option', { value: v, text: v })),
      ]);
      selects.push(element('span', { className: 'param' }, [element('label', { for: id, text: name }), select]));
    }
    byId('param-choices').replaceChildren(...selects);
    byId('param-group').hidden = selects.length === 0;
  }

  function read(state) {
    const checked = (name) => (document.querySelector('input[name="' + name + '"]:checked') || {}).value;
    state.os = checked('os') || state.os;
    state.metric = checked('metric') || state.metric;
    state.view = checked('view') || state.view;
    state.query = byId('filter').value;
    state.log = byId('log-scale').checked;
    state.params = {};
    for (const select of document.querySelectorAll('select[data-parameter]')) {
      if (select.value !== '') {
        state.params[select.dataset.parameter] = select.value;
      }
    }
  }

  function write(state) {
    for (const name of ['os', 'metric', 'view']) {
      const input = document.querySelector('input[name="' + name + '"][value="' + CSS.escape(state[name]) + '"]');
      if (input) {
        input.checked = true;
      }
    }
    byId('filter').value = state.query;
    byId('log-scale').checked = state.log;
    for (const select of document.querySelectorAll('select[data-parameter]')) {
      select.value = state.params[select.dataset.parameter] || '';
      if (select.selectedIndex < 0) {
        select.value = '';
      }
    }
  }

  function readFragment(state, model) {
    const fragment = new URLSearchParams(root.location.hash.slice(1));
    const pick = (key, allowed, fallback) => (allowed.includes(fragment.get(key)) ? fragment.get(key) : fallback);
    const osChoices = model.oses.length > 1 ? [...model.oses, BOTH] : model.oses;
    state.os = pick('os', osChoices, model.oses[0]);
    state.metric = pick('metric', model.metrics, model.metrics[0]);
    state.view = pick('view', ['values', 'ratio'], 'values');
    state.query = fragment.get('q') || '';
    state.log = fragment.get('log') === '1';
    state.params = {};
    for (const [key, value] of fragment) {
      if (key.startsWith('p.')) {
        state.params[key.slice(2)] = value;
      }
    }
  }

  function writeFragment(state) {
    const fragment = new URLSearchParams({ os: state.os, metric: state.metric, view: state.view });
    if (state.query) {
      fragment.set('q', state.query);
    }
    if (state.log) {
      fragment.set('log', '1');
    }
    for (const [name, value] of Object.entries(state.params)) {
      fragment.set('p.' + name, value);
    }
    root.history.replaceState(null, '', '#' + fragment.toString());
  }

  root.FilePipesTrend.pageControls = { BOTH, build, read, write, readFragment, writeFragment };
})(self);
