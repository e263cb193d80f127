using System.Diagnostics;
using System.Globalization;

namespace FilePipes.Benchmarks.Slowdown;

/// <summary>
/// The slowdown that verdict trials inject (<c>FILEPIPES_SLOWDOWN</c>, a fraction such as <c>0.10</c>). After a
/// benchmark's work, <see cref="Finish"/> spins until the total elapsed time is (1 + fraction) times the work's own
/// elapsed time, so the injected regression is proportional to, and as precise as, the work itself.
/// </summary>
public sealed class InjectedSlowdown
{
    /// <summary>The environment variable that holds the fraction.</summary>
    public const string Variable = "FILEPIPES_SLOWDOWN";

    private static readonly Lazy<InjectedSlowdown> FromEnvironmentLazy = new(() => Parse(Environment.GetEnvironmentVariable(Variable)));

    private readonly Func<long> clock;

    /// <summary>Initializes a new instance of the <see cref="InjectedSlowdown"/> class.</summary>
    /// <param name="fraction">How much longer than the work itself each call takes; zero for none.</param>
    /// <param name="clock">The clock, in any unit; <see cref="Stopwatch.GetTimestamp"/> when <see langword="null"/>.</param>
    public InjectedSlowdown(double fraction, Func<long>? clock = null)
    {
        if (!double.IsFinite(fraction) || fraction < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(fraction), fraction, "The slowdown must be a finite fraction >= 0.");
        }

        this.Fraction = fraction;
        this.clock = clock ?? Stopwatch.GetTimestamp;
    }

    /// <summary>Gets no slowdown.</summary>
    public static InjectedSlowdown None { get; } = new(0);

    /// <summary>Gets the slowdown <see cref="Variable"/> asks for, read once per process.</summary>
    public static InjectedSlowdown FromEnvironment => FromEnvironmentLazy.Value;

    /// <summary>Gets the fraction of the work's own time that is added.</summary>
    public double Fraction { get; }

    /// <summary>Parses the variable's value: empty means none; otherwise a fraction such as <c>0.10</c>.</summary>
    /// <param name="text">The value, or <see langword="null"/>.</param>
    /// <param name="slowdown">The slowdown, when valid.</param>
    /// <param name="error">A one-line message, when not.</param>
    /// <returns>Whether <paramref name="text"/> is valid.</returns>
    public static bool TryParse(string? text, out InjectedSlowdown slowdown, out string? error)
    {
        slowdown = None;
        error = null;
        if (string.IsNullOrWhiteSpace(text))
        {
            return true;
        }

        if (!double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double fraction)
            || !double.IsFinite(fraction) || fraction < 0 || fraction > 10)
        {
            error = $"{Variable}='{text}' is not a fraction between 0 and 10 (for example 0.10 for a 10% slowdown).";
            return false;
        }

        slowdown = fraction == 0 ? None : new InjectedSlowdown(fraction);
        return true;
    }

    /// <summary>Gets the total time a call must take when its work took <paramref name="workTime"/>.</summary>
    /// <param name="workTime">The work's elapsed time, in clock units.</param>
    /// <returns>(1 + <see cref="Fraction"/>) × <paramref name="workTime"/>, rounded to a clock unit.</returns>
    public long TargetTime(long workTime) => workTime + (long)Math.Round(workTime * this.Fraction);

    /// <summary>Marks the start of the work.</summary>
    /// <returns>The start time, to pass to <see cref="Finish"/>.</returns>
    public long Start() => this.Fraction == 0 ? 0 : this.clock();

    /// <summary>Spins until the time since <paramref name="started"/> reaches <see cref="TargetTime"/>.</summary>
    /// <param name="started">What <see cref="Start"/> returned.</param>
    public void Finish(long started)
    {
        if (this.Fraction == 0)
        {
            return;
        }

        long workTime = this.clock() - started;
        long deadline = started + this.TargetTime(workTime);

        // A spin, not a sleep: a sleep's granularity (1-15 ms) would swamp a 10% slowdown of a 10 ms benchmark.
        while (this.clock() < deadline)
        {
        }
    }

    private static InjectedSlowdown Parse(string? text) =>
        TryParse(text, out InjectedSlowdown slowdown, out string? error) ? slowdown : throw new InvalidOperationException(error);
}
