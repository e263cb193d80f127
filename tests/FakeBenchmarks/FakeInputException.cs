namespace FakeBenchmarks;

/// <summary>Bad input: the program exits 2 with the message on stderr, as the suite does.</summary>
internal sealed class FakeInputException(string message) : Exception(message);
