// The part of GitHub's expression language the workflows' concurrency keys use, evaluated as GitHub does, so a test
// can ask what group and cancel-in-progress a given run gets: context paths (a missing property is null), 'strings',
// numbers, true/false/null, == != && || ! and parentheses, and format(). && and || yield an operand, not a boolean;
// == compares strings case-insensitively. Anything else throws, so a new construct makes the test name it.

const TOKEN = /'(?:[^']|'')*'|==|!=|&&|\|\||[!(),]|-?\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_.-]*|\s+/y;

function tokenize(text) {
  const tokens = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) {
      throw new Error(`cannot read '${text.slice(at)}' in the expression '${text}'`);
    }
    if (match[0].trim()) {
      tokens.push(match[0]);
    }
  }
  return tokens;
}

const truthy = (value) => !(value === false || value === null || value === undefined || value === '' || value === 0);

function equal(a, b) {
  if (typeof a === 'string' && typeof b === 'string') {
    return a.toLowerCase() === b.toLowerCase();
  }
  if (typeof a === typeof b) {
    return a === b;
  }
  // Different types compare as numbers, as on GitHub ('' and null are 0, a non-number string NaN).
  const number = (v) => (v === null || v === '' ? 0 : Number(v));
  return number(a) === number(b);
}

const text = (value) => (value === null || value === undefined ? '' : String(value));

function lookup(context, path) {
  let value = context;
  for (const key of path.split('.')) {
    value = value !== null && typeof value === 'object' && key in value ? value[key] : null;
  }
  return value;
}

function evaluate(expression, context) {
  const tokens = tokenize(expression);
  let position = 0;
  const accept = (token) => (tokens[position] === token ? (position++, true) : false);
  const expect = (token) => {
    if (!accept(token)) {
      throw new Error(`expected '${token}' in '${expression}'`);
    }
  };

  function or() {
    let left = and();
    while (accept('||')) {
      const right = and();
      left = truthy(left) ? left : right;
    }
    return left;
  }
  function and() {
    let left = comparison();
    while (accept('&&')) {
      const right = comparison();
      left = truthy(left) ? right : left;
    }
    return left;
  }
  function comparison() {
    const left = unary();
    if (accept('==')) {
      return equal(left, unary());
    }
    if (accept('!=')) {
      return !equal(left, unary());
    }
    return left;
  }
  function unary() {
    if (accept('!')) {
      return !truthy(unary());
    }
    if (accept('(')) {
      const inner = or();
      expect(')');
      return inner;
    }
    const token = tokens[position++];
    if (token === undefined) {
      throw new Error(`'${expression}' ends too early`);
    }
    if (token.startsWith("'")) {
      return token.slice(1, -1).replaceAll("''", "'");
    }
    if (/^-?\d/.test(token)) {
      return Number(token);
    }
    if (accept('(')) {
      const args = [];
      while (!accept(')')) {
        args.push(or());
        accept(',');
      }
      if (token !== 'format') {
        throw new Error(`the tests do not know the function ${token}()`);
      }
      return text(args[0]).replace(/\{(\d+)\}/g, (_, index) => text(args[Number(index) + 1]));
    }
    return { true: true, false: false, null: null }[token] ?? lookup(context, token);
  }

  const value = or();
  if (position !== tokens.length) {
    throw new Error(`unexpected '${tokens[position]}' in '${expression}'`);
  }
  return value;
}

/**
 * A workflow value as the runner reads it: a YAML scalar whose whole text is one `${{ }}` has the expression's value
 * (a boolean stays one); otherwise each `${{ }}` inside it is replaced by its value as text.
 */
export function resolve(value, context) {
  if (typeof value !== 'string') {
    return value;
  }
  const whole = /^\$\{\{(.*?)\}\}$/s.exec(value.trim());
  if (whole && !whole[1].includes('}}')) {
    return evaluate(whole[1], context);
  }
  return value.replace(/\$\{\{(.*?)\}\}/gs, (_, expression) => text(evaluate(expression, context)));
}
