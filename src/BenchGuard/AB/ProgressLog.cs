namespace BenchGuard.AB;

/// <summary>
/// Progress on stdout for a person following a long run (a PR report takes ten minutes and more): one line per event,
/// stamped with the time of day and the time since the command started. Where stdout is a terminal, the current step
/// (a build, a round's launch, the counters) is also a status line redrawn in place every second, with the time so far
/// and, in a counted run, what is left; a counted run's steps then update that line instead of adding one each. Where
/// it is not (CI logs, tests), every event is a line, so logs stay greppable. stderr stays for warnings and the one
/// line that says why a run failed.
/// </summary>
internal sealed class ProgressLog
{
    private static readonly TimeSpan Tick = TimeSpan.FromSeconds(1);

    private readonly string prefix;
    // Null: Console.Out as it is when a line is written, so a caller that redirects the console captures the lines.
    private readonly TextWriter? output;
    private readonly TimeProvider time;
    private readonly long started;
    // Null where stdout is not a terminal.
    private readonly StatusLine? statusLine;

    // Guards the status line, the steps shown and the ticker: the counters count both sides on two threads, and the
    // ticker redraws from a third.
    private readonly Lock gate = new();
    // The steps under way, innermost last; the status line shows the last.
    private readonly List<Shown> shown = [];
    private ITimer? ticker;

    /// <summary>
    /// Progress on the console: a status line when stdout is a terminal that can return to a line's start (TERM is not
    /// <c>dumb</c>), plain lines otherwise.
    /// </summary>
    /// <param name="prefix">What the lines start with (the command's name).</param>
    public ProgressLog(string prefix)
        : this(prefix, null, !Console.IsOutputRedirected && Environment.GetEnvironmentVariable("TERM") != "dumb", TimeProvider.System, ConsoleWidth())
    {
    }

    /// <summary>Progress on <paramref name="output"/>.</summary>
    /// <param name="prefix">What the lines start with.</param>
    /// <param name="output">Where lines go; null for the console's stdout.</param>
    /// <param name="terminal">True to keep a status line redrawn in place.</param>
    /// <param name="time">The clock: the time of day on each line, the time since this was made, the ticker.</param>
    /// <param name="width">The terminal's width, past which the status line is cut.</param>
    public ProgressLog(string prefix, TextWriter? output, bool terminal, TimeProvider time, int width)
    {
        this.prefix = prefix;
        this.output = output;
        this.time = time;
        this.started = time.GetTimestamp();
        this.statusLine = terminal ? new StatusLine(width) : null;
    }

    /// <summary>True when steps are shown on a status line redrawn in place, false when every event is a line.</summary>
    public bool InPlace => this.statusLine is not null;

    /// <summary>The time since this log was made (the command started).</summary>
    public TimeSpan Elapsed => this.time.GetElapsedTime(this.started);

    private TextWriter Output => this.output ?? Console.Out;

    /// <summary>Writes one progress line.</summary>
    public void Say(string message)
    {
        lock (this.gate)
        {
            this.statusLine?.Clear(this.Output);
            this.Output.WriteLine($"[{this.prefix} {this.time.GetUtcNow():HH:mm:ss} +{Duration(this.Elapsed)}] {message}");
            this.Redraw();
        }
    }

    /// <summary>
    /// A step of unknown length (a build, the counters): in a terminal, shown on the status line until disposed;
    /// otherwise said as a line.
    /// </summary>
    /// <param name="step">The step's line, which the status line cuts to the terminal's width: the gist goes first.</param>
    public IDisposable Step(string step)
    {
        if (!this.InPlace)
        {
            this.Say(step);
        }

        return this.Show(_ => step);
    }

    /// <summary>A run of like steps whose lines say how far it is and what is left at its pace; disposed, it says its total.</summary>
    /// <param name="unit">What a step is called in the lines ("launch"), or null for none.</param>
    /// <param name="total">The steps planned, or null when unknown (then nothing is estimated).</param>
    public CountedSteps Count(string? unit, int? total) => new(this, unit, total);

    /// <summary>Writes a warning that does not change the exit code (a checkout that could not be removed).</summary>
    public void Warn(string message)
    {
        lock (this.gate)
        {
            // stderr and stdout share the terminal: the warning gets a line of its own.
            this.statusLine?.Clear(this.Output);
            Console.Error.WriteLine($"{this.prefix}: warning: {InputException.OneLine(message)}");
            this.Redraw();
        }
    }

    /// <summary>A duration as a person reads it: 45s, 3m05s, 1h02m.</summary>
    public static string Duration(TimeSpan span) =>
        span.TotalHours >= 1 ? $"{(int)span.TotalHours}h{span.Minutes:00}m"
        : span.TotalMinutes >= 1 ? $"{(int)span.TotalMinutes}m{span.Seconds:00}s"
        : $"{(int)Math.Round(span.TotalSeconds)}s";

    /// <summary>Shows <paramref name="status"/> (given the time since the start) on the status line until disposed.</summary>
    internal IDisposable Show(Func<TimeSpan, string> status)
    {
        var step = new Shown(this, status);
        lock (this.gate)
        {
            this.shown.Add(step);
            if (this.InPlace)
            {
                this.ticker ??= this.time.CreateTimer(_ => this.Refresh(), null, Tick, Tick);
                this.Redraw();
            }
        }

        return step;
    }

    /// <summary>Makes <paramref name="change"/> to what a status shows, then redraws it, so the ticker never draws half a change.</summary>
    internal void Change(Action change)
    {
        lock (this.gate)
        {
            change();
            this.Redraw();
        }
    }

    private void Refresh() => this.Change(() => { });

    private void Hide(Shown step)
    {
        lock (this.gate)
        {
            if (!this.shown.Remove(step))
            {
                return;
            }

            if (this.shown.Count > 0)
            {
                this.Redraw();
                return;
            }

            this.ticker?.Dispose();
            this.ticker = null;
            this.statusLine?.Clear(this.Output);
        }
    }

    private void Redraw()
    {
        if (this.statusLine is not null && this.shown.Count > 0)
        {
            var elapsed = this.Elapsed;
            this.statusLine.Draw(this.Output, $"[{this.prefix} +{Duration(elapsed)}] {this.shown[^1].Status(elapsed)}");
        }
    }

    private static int ConsoleWidth()
    {
        try
        {
            return Console.WindowWidth > 0 ? Console.WindowWidth : 80;
        }
        catch (IOException)
        {
            return 80;
        }
    }

    private sealed class Shown(ProgressLog log, Func<TimeSpan, string> status) : IDisposable
    {
        public string Status(TimeSpan elapsed) => status(elapsed);

        public void Dispose() => log.Hide(this);
    }
}
