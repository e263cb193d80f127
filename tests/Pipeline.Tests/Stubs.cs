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

    /// <summary>The PATH with <paramref name="folder"/> first, as bash will read it.</summary>
    public static string PathWith(string folder) =>
        folder + System.IO.Path.PathSeparator + Environment.GetEnvironmentVariable("PATH");

    /// <summary>A path bash accepts on every OS (Git Bash reads C:/x/y, not C:\x\y, as a command).</summary>
    public static string ForBash(string path) => path.Replace('\\', '/');
}
