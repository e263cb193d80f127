namespace BenchGuard;

/// <summary>Bad input or usage: reported as one line on stderr with exit code 2, never as a stack trace.</summary>
public sealed class InputException : Exception
{
    /// <summary>Creates the error with the one-line message the user sees.</summary>
    public InputException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the error with the one-line message the user sees and its cause.</summary>
    public InputException(string message, Exception inner)
        : base(message, inner)
    {
    }

    /// <summary>Makes any text fit on one line, so the stderr contract holds for messages from parsers too.</summary>
    public static string OneLine(string text) =>
        string.Join(' ', text.Split(['\r', '\n'], StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
}
