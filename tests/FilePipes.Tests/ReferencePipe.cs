namespace FilePipes.Tests;

/// <summary>Where the <see cref="System.IO.Pipelines.Pipe"/> the tests compare with differs between the frameworks they run on.</summary>
internal static class ReferencePipe
{
    /// <summary>
    /// Gets a value indicating whether the Pipe's <c>CopyToAsync</c> is one to compare the file reader's with. System.IO.Pipelines
    /// 8.0's is not (seen on net8.0): after a copy that failed it can refuse every read ("Reading is already in progress"), and
    /// a copy after <c>CancelPendingRead</c> throws InvalidOperationException where 10.0's throws OperationCanceledException.
    /// There the file reader's copies are checked on their own: every byte delivered once.
    /// </summary>
    public static bool CopiesLikeTheFileReader { get; } = Environment.Version.Major >= 10;
}
