import TributaryCLI
import TributaryServe

// `tributary-serve`: the commands of `tributary`, with the web server `serve` runs.
await TributaryCommand.main(server: WebServing())
