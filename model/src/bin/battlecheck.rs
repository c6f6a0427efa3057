//! `battlecheck`: the command line ([`battlecheck::cli`]).

fn main() -> std::process::ExitCode {
    battlecheck::cli::main()
}
