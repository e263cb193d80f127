namespace BenchGuard.Setup;

/// <summary>What the check found for one setup item.</summary>
internal enum SetupState
{
    /// <summary>In place.</summary>
    Set,

    /// <summary>Not in place: the pipeline fails or says nothing where it should.</summary>
    Missing,

    /// <summary>GitHub's API does not show it, or not to this login: to check by hand.</summary>
    CannotTell,
}

/// <summary>One row of the setup table; every text is Markdown, with anything from GitHub already escaped.</summary>
/// <param name="Item">The setup item.</param>
/// <param name="State">Set, missing or cannot tell.</param>
/// <param name="Why">What was found, or why it cannot be told.</param>
/// <param name="Fix">What to do (when set: what to check by hand, or nothing).</param>
internal sealed record SetupRow(string Item, SetupState State, string Why, string Fix)
{
    /// <summary>The status cell: the state's word, then why.</summary>
    public string Status => (this.State switch
    {
        SetupState.Set => "set",
        SetupState.Missing => "missing",
        _ => "cannot tell here",
    }) + ": " + this.Why;
}
