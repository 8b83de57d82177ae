import TributaryCLI

// `tributary`: every command; `serve` runs `tributary-serve`, whose binary links the web server.
await TributaryCommand.main(server: nil)
