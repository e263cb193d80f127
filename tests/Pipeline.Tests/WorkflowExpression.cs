using System.Text.RegularExpressions;

namespace Pipeline.Tests;

/// <summary>
/// The part of GitHub's expression language the workflows use: context paths, 'strings', == != &amp;&amp; || !,
/// parentheses, and the status and hashFiles functions. Values are strings (false is empty), and a || b yields
/// the first truthy operand, as on GitHub. An unknown context path throws, so a new expression in a workflow
/// makes these tests name it rather than run with a blank.
/// </summary>
internal static partial class WorkflowExpression
{
    /// <summary>Replaces every <c>${{ … }}</c> in <paramref name="text"/> with its value.</summary>
    public static string Substitute(string text, Func<string, string> context, Func<string, bool> fileExists) =>
        Embedded().Replace(text, match => Evaluate(match.Groups[1].Value, context, fileExists, jobFailed: false));

    /// <summary>An <c>if:</c> condition, with or without <c>${{ }}</c> around it.</summary>
    public static bool IsTrue(string? condition, Func<string, string> context, Func<string, bool> fileExists, bool jobFailed)
    {
        if (string.IsNullOrWhiteSpace(condition))
        {
            return !jobFailed;
        }

        var text = condition.Trim();
        var whole = Embedded().Match(text);
        if (whole.Success && whole.Length == text.Length)
        {
            text = whole.Groups[1].Value;
        }

        // As on GitHub: a condition that calls no status function is implicitly success() && (condition).
        var value = Evaluate(text, context, fileExists, jobFailed).Length > 0;
        return StatusCall().IsMatch(text) ? value : value && !jobFailed;
    }

    private static string Evaluate(string expression, Func<string, string> context, Func<string, bool> fileExists, bool jobFailed)
    {
        var parser = new Parser(Tokenize(expression), context, fileExists, jobFailed);
        var value = parser.Or();
        parser.ExpectEnd(expression);
        return value;
    }

    private static List<string> Tokenize(string text)
    {
        var tokens = new List<string>();
        var next = 0;
        foreach (Match match in Token().Matches(text))
        {
            if (match.Index != next)
            {
                throw new NotSupportedException($"cannot read '{text[next..]}' in the expression '{text}'");
            }

            next = match.Index + match.Length;
            if (!string.IsNullOrWhiteSpace(match.Value))
            {
                tokens.Add(match.Value);
            }
        }

        if (next != text.Length)
        {
            throw new NotSupportedException($"cannot read '{text[next..]}' in the expression '{text}'");
        }

        return tokens;
    }

    [GeneratedRegex(@"\$\{\{\s*(.*?)\s*\}\}")]
    private static partial Regex Embedded();

    [GeneratedRegex(@"\b(cancelled|always|success|failure)\(")]
    private static partial Regex StatusCall();

    [GeneratedRegex(@"'(?:[^']|'')*'|==|!=|&&|\|\||[!()]|,|[A-Za-z_][A-Za-z0-9_.\-]*|\s+")]
    private static partial Regex Token();

    private sealed class Parser(List<string> tokens, Func<string, string> context, Func<string, bool> fileExists, bool jobFailed)
    {
        private int position;

        public string Or()
        {
            var left = this.And();
            while (this.Accept("||"))
            {
                var right = this.And();
                left = left.Length > 0 ? left : right;
            }

            return left;
        }

        public void ExpectEnd(string expression)
        {
            if (this.position != tokens.Count)
            {
                throw new NotSupportedException($"unexpected '{tokens[this.position]}' in '{expression}'");
            }
        }

        private string And()
        {
            var left = this.Comparison();
            while (this.Accept("&&"))
            {
                var right = this.Comparison();
                left = left.Length > 0 ? right : left;
            }

            return left;
        }

        private string Comparison()
        {
            var left = this.Unary();
            if (this.Accept("=="))
            {
                return Bool(string.Equals(left, this.Unary(), StringComparison.OrdinalIgnoreCase));
            }

            if (this.Accept("!="))
            {
                return Bool(!string.Equals(left, this.Unary(), StringComparison.OrdinalIgnoreCase));
            }

            return left;
        }

        private string Unary()
        {
            if (this.Accept("!"))
            {
                return Bool(this.Unary().Length == 0);
            }

            if (this.Accept("("))
            {
                var inner = this.Or();
                this.Expect(")");
                return inner;
            }

            var token = tokens[this.position++];
            if (token.StartsWith('\''))
            {
                return token[1..^1].Replace("''", "'", StringComparison.Ordinal);
            }

            if (this.Accept("("))
            {
                var arguments = new List<string>();
                while (!this.Accept(")"))
                {
                    arguments.Add(this.Or());
                    this.Accept(",");
                }

                return this.Call(token, arguments);
            }

            return token switch
            {
                "true" => "true",
                "false" => string.Empty,
                _ => context(token),
            };
        }

        private string Call(string function, List<string> arguments) => function switch
        {
            // Nothing is ever cancelled in these tests.
            "cancelled" => string.Empty,
            "always" => "true",
            "success" => Bool(!jobFailed),
            "failure" => Bool(jobFailed),
            "hashFiles" => arguments.Any(fileExists) ? "some-hash" : string.Empty,
            _ => throw new NotSupportedException($"the tests do not know the function {function}()"),
        };

        private static string Bool(bool value) => value ? "true" : string.Empty;

        private bool Accept(string token)
        {
            if (this.position < tokens.Count && tokens[this.position] == token)
            {
                this.position++;
                return true;
            }

            return false;
        }

        private void Expect(string token)
        {
            if (!this.Accept(token))
            {
                throw new NotSupportedException($"expected '{token}'");
            }
        }
    }
}
