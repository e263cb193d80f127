namespace Pipeline.Tests;

/// <summary>Small executables the tests put on PATH or in env, written as bash scripts.</summary>
internal static class Stubs
{
    /// <summary>A folder holding the named bash scripts, each made executable.</summary>
    public static string Folder(string parent, params (string Name, string Script)[] scripts)
    {
        var folder = Directory.CreateDirectory(Path.Combine(parent, $"stubs-{Guid.NewGuid():N}")).FullName;
        foreach (var (name, script) in scripts)
        {
            var path = Path.Combine(folder, name);
            File.WriteAllText(path, $"#!/usr/bin/env bash\n{script}\n".ReplaceLineEndings("\n"));
            if (!OperatingSystem.IsWindows())
            {
                File.SetUnixFileMode(path, File.GetUnixFileMode(path) | UnixFileMode.UserExecute);
            }
        }

        return folder;
    }

    /// <summary>
    /// Bash that appends the stub's call to <c>calls</c> beside it: its name, working directory and arguments, one
    /// call per line, fields separated by the unit separator (no argument here holds one).
    /// </summary>
    public const string RecordCall =
        "{ printf '%s\\x1f%s' \"$(basename \"$0\")\" \"$PWD\"; printf '\\x1f%s' \"$@\"; printf '\\n'; } >> \"$(dirname \"$0\")/calls\"";

    /// <summary>The calls <see cref="RecordCall"/> wrote in <paramref name="folder"/>, in order.</summary>
    public static IReadOnlyList<StubCall> Calls(string folder)
    {
        var log = Path.Combine(folder, "calls");
        return File.Exists(log)
            ? File.ReadAllLines(log).Select(line => line.Split('\x1f')).Select(f => new StubCall(f[0], f[1], f[2..])).ToList()
            : [];
    }

    /// <summary>The PATH with <paramref name="folder"/> first, as bash will read it.</summary>
    public static string PathWith(string folder) =>
        folder + System.IO.Path.PathSeparator + Environment.GetEnvironmentVariable("PATH");

    /// <summary>A path bash accepts on every OS (Git Bash reads C:/x/y, not C:\x\y, as a command).</summary>
    public static string ForBash(string path) => path.Replace('\\', '/');
}

/// <summary>One recorded call of a stub.</summary>
/// <param name="Program">The stub's name.</param>
/// <param name="WorkingDirectory">Where it ran, as bash spells it.</param>
/// <param name="Arguments">Its arguments.</param>
internal sealed record StubCall(string Program, string WorkingDirectory, string[] Arguments);
