
BBJXeซิuVฮIoเมไ11X)‘<.