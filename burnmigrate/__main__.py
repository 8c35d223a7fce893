from burnmigrate.cli import main

main()
