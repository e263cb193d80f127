using System.Diagnostics;
using System.Text;

namespace Pipeline.Tests;

/// <summary>The outcome of one child process: its exit code and what it printed.</summary>
internal sealed record ProcessResult(int ExitCode, string StdOut, string StdErr)
{
    public string Output => $"{this.StdOut}\n{this.StdErr}";
}

/// <summary>Runs a child process with a time limit; on expiry its whole process tree is killed and the test fails.</summary>
internal static class ChildProcess
{
    public static ProcessResult Run(string fileName, IEnumerable<string> arguments, string workingDirectory,
        IReadOnlyDictionary<string, string?>? environment, TimeSpan timeLimit)
    {
        var start = new ProcessStartInfo(fileName)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        if (environment is not null)
        {
            start.Environment.Clear();
            foreach (var (key, value) in environment)
            {
                start.Environment[key] = value;
            }
        }

        using var process = Process.Start(start) ?? throw new InvalidOperationException($"{fileName} did not start");
        var stdout = new StringBuilder();
        var stderr = new StringBuilder();
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (stdout) { stdout.AppendLine(e.Data); } } };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (stderr) { stderr.AppendLine(e.Data); } } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        if (!process.WaitForExit(timeLimit))
        {
            process.Kill(entireProcessTree: true);
            process.WaitForExit();
            throw new TimeoutException($"{fileName} {string.Join(' ', arguments)} ran longer than {timeLimit}; killed with its children.\n{stdout}\n{stderr}");
        }

        // The parameterless wait also drains the redirected output.
        process.WaitForExit();
        return new ProcessResult(process.ExitCode, stdout.ToString(), stderr.ToString());
    }

    /// <summary>git in <paramref name="directory"/>, which must succeed; returns its standard output.</summary>
    public static string Git(string directory, params string[] arguments)
    {
        var result = Run("git", ["-c", "user.name=pipeline-tests", "-c", "user.email=pipeline-tests@localhost", .. arguments],
            directory, null, TimeSpan.FromMinutes(2));
        Assert.True(result.ExitCode == 0, $"git {string.Join(' ', arguments)} exited {result.ExitCode}: {result.StdErr}");
        return result.StdOut;
    }
}
